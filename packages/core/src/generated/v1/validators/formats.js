// AUTO-GENERATED FILE. DO NOT EDIT.
// Source: schemas/v1/cost.schema.json, schemas/v1/event.schema.json, schemas/v1/message.schema.json, schemas/v1/part.schema.json, schemas/v1/snapshot-bundle.schema.json, schemas/v1/snapshot-declaration.schema.json, schemas/v1/transcript.schema.json, schemas/v1/usage.schema.json
// Regenerate: pnpm generate
import { fullFormats } from "ajv-formats/dist/formats.js";

const fullDateTime = fullFormats["date-time"];
const commonDateTime = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])[Tt ](?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:[Zz]|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
const daysInMonth = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const digit = (text, index) => text.charCodeAt(index) - 48;

export function dateTime(text) {
  if (!commonDateTime.test(text)) return fullDateTime.validate(text);
  const day = digit(text, 8) * 10 + digit(text, 9);
  if (day <= 28) return true;
  const month = digit(text, 5) * 10 + digit(text, 6);
  if (month !== 2) return day <= daysInMonth[month];
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3);
  return day <= (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28);
}

export const formats = { ...fullFormats, "date-time": { ...fullDateTime, validate: dateTime } };
