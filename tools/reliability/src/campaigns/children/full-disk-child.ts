// The full-disk campaign's cases in a child that the campaign starts inside a user and mount namespace (when it does
// not run as root): argv is the mounted folder and the mode; prints the outcome as JSON.
import type { CampaignMode } from "../../campaign.js";
import { fullDiskCases } from "../full-disk.js";

const [disk = "", mode = "fast"] = process.argv.slice(2);
const outcome = await fullDiskCases(disk, mode as CampaignMode, (line) => process.stderr.write(`  ${line}\n`));
process.stdout.write(`${JSON.stringify(outcome)}\n`);
