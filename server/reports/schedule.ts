/**
 * When a subscription's next report is due: weekly on a weekday or monthly on a day (1-28), at an
 * hour of an IANA time zone. Pure, so the dialog's "next delivery" and the server agree (the web
 * app imports it). Daylight-saving gaps move the hour forward as the clock does.
 */
export interface ReportSchedule {
  frequency: "weekly" | "monthly";
  /** 0 = Sunday .. 6 = Saturday. */
  weekday?: number | null;
  /** 1..28: every month has it. */
  monthDay?: number | null;
  hour: number;
  timeZone: string;
}

export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string) {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    // Bounded: there are a few hundred zones at most, and a handful in use.
    if (partsFormat.size > 500) partsFormat.clear();
    partsFormat.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in a zone. */
function wallClock(instant: number, timeZone: string) {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return fields as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string) {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time of a zone stands for (the later reading in a DST gap). */
export function zonedTime(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - offsetAt(guess, timeZone);
  return new Date(guess - offsetAt(first, timeZone));
}

/** The first due time strictly after `after`. */
export function nextDelivery(schedule: ReportSchedule, after: Date): Date {
  const start = wallClock(after.getTime(), schedule.timeZone);
  // Walk the zone's calendar days from the day `after` falls on; 62 days cover any month.
  for (let offset = 0; offset < 62; offset++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const matches =
      schedule.frequency === "weekly"
        ? day.getUTCDay() === schedule.weekday
        : day.getUTCDate() === schedule.monthDay;
    if (!matches) continue;
    const due = zonedTime(
      day.getUTCFullYear(),
      day.getUTCMonth() + 1,
      day.getUTCDate(),
      schedule.hour,
      schedule.timeZone,
    );
    if (due.getTime() > after.getTime()) return due;
  }
  throw new Error("no delivery within 62 days (the schedule is not valid)");
}

/** "Weekly on Monday at 07:00 (Europe/Berlin)" */
export function scheduleInWords(schedule: ReportSchedule): string {
  const at = `at ${String(schedule.hour).padStart(2, "0")}:00 (${schedule.timeZone})`;
  return schedule.frequency === "weekly"
    ? `Weekly on ${WEEKDAYS[schedule.weekday ?? 0]} ${at}`
    : `Monthly on day ${schedule.monthDay} ${at}`;
}
