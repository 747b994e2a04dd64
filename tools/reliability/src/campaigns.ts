/** Every campaign, in the report's order within each group. */
import type { Campaign } from "./campaign.js";
import { eventLogTails } from "./campaigns/event-log-tails.js";

export const campaigns: readonly Campaign[] = [eventLogTails];
