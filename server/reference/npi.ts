/**
 * NPI check digit: the Luhn algorithm over "80840" followed by the first nine digits
 * (CMS, "Requirements for National Provider Identifier check digit").
 */
export function npiCheckDigit(firstNine: string): number {
  const digits = `80840${firstNine}`;
  let sum = 0;
  // From the rightmost digit of the payload, every other digit (starting with it) is doubled.
  for (let index = digits.length - 1, double = true; index >= 0; index--, double = !double) {
    let digit = digits.charCodeAt(index) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiCheckDigit(npi.slice(0, 9)) === npi.charCodeAt(9) - 48;
}

/** Completes nine digits into a valid NPI (fixtures use it to mint believable identifiers). */
export function completeNpi(firstNine: string): string {
  return `${firstNine}${npiCheckDigit(firstNine)}`;
}
