import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../config.ts";

describe("MAILBOX_SENDERS", () => {
  test("defaults to four senders of the product's own domain", () => {
    const senders = loadConfig({}).mailboxSenders;
    expect(senders.map((sender) => sender.address)).toEqual([
      "contact@vitality.local",
      "support@vitality.local",
      "data@vitality.local",
      "success@vitality.local",
    ]);
    expect(senders[1]).toEqual({
      value: "Vitality Support <support@vitality.local>",
      name: "Vitality Support",
      address: "support@vitality.local",
    });
  });

  test("takes 'Name <address>' or a bare address, separated by ';' (names may hold commas)", () => {
    const senders = loadConfig({
      MAILBOX_SENDERS: 'Care, Team <care@x.test>; info@x.test;"Quoted" <q@x.test> ; Billing<bill@x.test>',
    }).mailboxSenders;
    expect(senders.map((sender) => [sender.name, sender.address])).toEqual([
      ["Care, Team", "care@x.test"],
      ["info@x.test", "info@x.test"],
      ["Quoted", "q@x.test"],
      ["Billing", "bill@x.test"],
    ]);
  });

  const refusals: [string, string][] = [
    ["a@x.test; b@x.test; c@x.test", "must list 4 senders separated by ';' (found 3)"],
    ["a@x.test; b@x.test; c@x.test; d@x.test; e@x.test", "must list 4 senders separated by ';' (found 5)"],
    [
      "a@x.test; b@x.test; c@x.test; Not an address",
      "'Not an address' is not 'Name <address>' or an address",
    ],
    ["a@x.test; A <a@x.test>; c@x.test; d@x.test", "lists the same address twice"],
  ];
  for (const [value, message] of refusals) {
    test(`refuses '${value}' naming the variable`, () => {
      let error: unknown;
      try {
        loadConfig({ MAILBOX_SENDERS: value });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([{ variable: "MAILBOX_SENDERS", message }]);
    });
  }
});
