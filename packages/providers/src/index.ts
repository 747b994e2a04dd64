export { describeFormat, formatIds, isFormatId, type FormatId } from "./format-ids.js";
