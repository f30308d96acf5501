import * as chrono from "chrono-node";
import {
  addDays,
  maxDay,
  minDay,
  parseDayParameter,
  parseUtcDay,
  subtractMonthsClamped,
  utcDayOf,
  type UtcDay,
} from "@tpi/domain";
import type { Period, When } from "../core/chat";
import { findNamedPeriod, findWeekday, latestWeekday } from "./period";

/**
 * Reads when a question asks about (see `When`). Written dates are read by chrono-node (English,
 * with French, German, Spanish, Portuguese, Italian and Dutch dates as a fallback); counted and
 * calendar periods by `period.ts`.
 */

/** Numbers written as days: refused when they are not real calendar days, never read as "now". */
const WRITTEN_DAY = /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g;
const QUARTER = /\bq([1-4])\s*(?:of\s+)?(\d{4})?\b/;
const YEAR = /\b(?:in|during|for|over|throughout)\s+(\d{4})\b(?!-)/;
const SINCE = /\bsince\b/;
/** Words that put a year to come in a question, and how far ahead a number is read as a year. */
const YEAR_TO_COME = /^(?:in|during|throughout)\b/;
const YEARS_AHEAD = 10;
/** "From Monday": from that day to today, as "since Monday" is. */
const FROM = /\bfrom\b/;
/** Words that make a weekday one to come ("this coming Friday", "next Friday", "Friday next week"). */
const COMING = /\b(?:next|coming|following)\b/;
const COMING_BEFORE = /\b(?:next|coming|following)\s*$/;
/**
 * "At the start of", "on the last day of" a period the question names: that one day. Only as the
 * time asked ("at the start of November"), never as one end of a range ("since the start of
 * November", "from the start of October to now"), and only when one edge is named.
 */
const PERIOD_EDGE = /\b(?:at|on|by|around) the (start|beginning|end) of\b/;
const RANGE_WORDS =
  /\b(?:since|from|between|until|till|through|to|and)\b[^?]*\b(?:start|beginning|end) of\b/;
const EDGES = /\b(?:start|beginning|end) of\b/g;
/** "3 days ago", "2 months ago", "a year ago": that one day. */
const AGO = /\b(\d{1,4}|an?|one)\s+(day|week|month|year)s?\s+ago\b/;
const NOW_WORDS =
  /^(?:right )?now$|^today$|^tonight$|^currently$|^at the moment$|^this (?:morning|afternoon|evening)$/;
const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?";
/** A day of a month written out ("20 November 2026", "Nov 1", "3. November"): one day, not the month. */
const DAY_OF_MONTH = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th|\\.)?\\s+(?:of\\s+)?${MONTH}|\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?\\b(?![\\d:])`,
);

/** Other languages' parsers, tried when English finds no date. */
const OTHER_LANGUAGES = [chrono.fr, chrono.de, chrono.es, chrono.pt, chrono.it, chrono.nl];

const pad = (n: number) => String(n).padStart(2, "0");
const dayOfParsed = (date: Date): UtcDay =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

export function readWhen(text: string, now: Date): When {
  const lower = text.toLowerCase();
  const today = utcDayOf(now);
  for (const match of lower.matchAll(WRITTEN_DAY)) {
    const written = match[0];
    if (parseUtcDay(written) === undefined) {
      const refused = parseDayParameter("date", written);
      if (!refused.ok) return { kind: "invalid", message: refused.error.message };
    }
  }
  if (DAY_OF_MONTH.test(lower) && !SINCE.test(lower)) {
    const written = writtenDates(text, lower, now, today);
    if (written.kind === "day") return written;
  }
  const ago = AGO.exec(lower);
  if (ago?.[1] && ago[2]) {
    const amount = /^\d+$/.test(ago[1]) ? Number(ago[1]) : 1;
    const unit = ago[2];
    const day =
      unit === "month" || unit === "year"
        ? subtractMonthsClamped(today, amount * (unit === "year" ? 12 : 1))
        : addDays(today, -amount * (unit === "week" ? 7 : 1));
    return { kind: "day", day, label: `on ${day}` };
  }
  const named = findNamedPeriod(text, now);
  // "At the start of November", "at the end of last month": that period's first or last day.
  const edge = PERIOD_EDGE.exec(lower)?.[1];
  const oneEdge = (lower.match(EDGES) ?? []).length === 1 && !RANGE_WORDS.test(lower);
  if (named && edge !== undefined && oneEdge) {
    const day = edge === "end" ? named.endDate : named.startDate;
    return { kind: "day", day, label: `on ${day}` };
  }
  if (named) return { kind: "period", period: named };
  const quarter = QUARTER.exec(lower);
  if (quarter?.[1]) return { kind: "period", period: quarterPeriod(quarter, today) };
  const year = YEAR.exec(lower);
  if (year?.[1]) {
    const startDate = `${year[1]}-01-01`;
    const endDate = minDay(`${year[1]}-12-31`, today);
    if (startDate <= today)
      return { kind: "period", period: { startDate, endDate, label: `in ${year[1]}` } };
    // A year to come ("in 2027", never "over 5000 PRs") keeps its days, so that the answer can
    // say it has not come yet.
    if (YEAR_TO_COME.test(year[0]) && Number(year[1]) <= Number(today.slice(0, 4)) + YEARS_AHEAD)
      return {
        kind: "period",
        period: { startDate, endDate: `${year[1]}-12-31`, label: `in ${year[1]}` },
      };
  }
  // "Last Tuesday" is one day, never the span from that Tuesday to today.
  const weekday = findWeekday(lower, now);
  if (weekday) return { kind: "day", ...weekday };
  return writtenDates(text, lower, now, today);
}

function quarterPeriod(match: RegExpExecArray, today: UtcDay): Period {
  const quarter = Number(match[1]);
  const [thisYear] = today.split("-").map(Number) as [number];
  const firstMonth = (quarter - 1) * 3 + 1;
  // Without a year: the latest such quarter that has begun.
  const startsThisYear = `${thisYear}-${pad(firstMonth)}-01` <= today;
  const year = match[2] ? Number(match[2]) : startsThisYear ? thisYear : thisYear - 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  return {
    startDate: `${year}-${pad(firstMonth)}-01`,
    endDate: minDay(`${year}-${pad(lastMonth)}-${pad(lastDay)}`, today),
    label: `in Q${quarter} ${year}`,
  };
}

/**
 * Dates another language's parser reads in a question: not a match of one or two letters, which
 * in an English question is a word ("do" is Thursday in German and Dutch, "so" Sunday in German).
 */
function otherLanguageDates(
  language: (typeof OTHER_LANGUAGES)[number],
  text: string,
  reference: chrono.ParsingReference,
): chrono.ParsedResult[] {
  return language.parse(text, reference).filter((result) => result.text.trim().length > 2);
}

/** Dates chrono-node reads: a range, "since" a date, or one day. */
function writtenDates(text: string, lower: string, now: Date, today: UtcDay): When {
  const reference = { instant: now, timezone: "UTC" };
  let results = chrono.parse(text, reference);
  for (const language of OTHER_LANGUAGES)
    if (results.length === 0) results = otherLanguageDates(language, text, reference);
  // A day another language reads where English reads only the month ("am 3. November 2026").
  if (results[0] !== undefined && !results[0].start.isCertain("day"))
    for (const language of OTHER_LANGUAGES) {
      const other = otherLanguageDates(language, text, reference)[0];
      if (other?.start.isCertain("day")) {
        results = [other];
        break;
      }
    }
  // "Now" and "today" ask for the latest value, whichever day it settled.
  results = results.filter((result) => !NOW_WORDS.test(result.text.trim().toLowerCase()));
  const first = results[0];
  if (first === undefined) return { kind: "latest" };
  // A weekday ("Friday", "on Black Friday", "on Fri", "Friday morning") is the latest such day up
  // to today; written as one to come ("next Friday", "this coming Monday") it is the day they say.
  const onWeekday = first.start.isCertain("weekday") && !first.start.isCertain("day");
  const weekday = first.start.get("weekday");
  const start =
    onWeekday &&
    weekday !== null &&
    !COMING.test(first.text.toLowerCase()) &&
    !COMING_BEFORE.test(lower.slice(0, first.index))
      ? latestWeekday(today, weekday)
      : dayOfParsed(first.start.date());
  const end = first.end ? dayOfParsed(first.end.date()) : undefined;
  const second = results[1];
  if (end !== undefined || second !== undefined) {
    const last = end ?? dayOfParsed((second as chrono.ParsedResult).start.date());
    return span(minDay(start, last), maxDay(start, last), today);
  }
  if (SINCE.test(lower) || (onWeekday && FROM.test(lower)))
    return span(start, today, today, `since ${start}`);
  // A month or a year without a day ("in June"): that calendar month.
  if (!first.start.isCertain("day") && !onWeekday) {
    const [year, month] = start.split("-").map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return span(start, `${year}-${pad(month)}-${pad(lastDay)}`, today);
  }
  return { kind: "day", day: start, label: `on ${start}` };
}

function span(startDate: UtcDay, endDate: UtcDay, today: UtcDay, label?: string): When {
  const clampedEnd = minDay(endDate, today);
  return {
    kind: "period",
    period: {
      startDate,
      endDate: clampedEnd,
      label: label ?? `from ${startDate} to ${clampedEnd}`,
    },
  };
}
