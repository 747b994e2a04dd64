// The full-disk campaign's cases in a child: argv is the folder to fill, the mode and, for the fallback where no file
// system could be mounted, the size of the disk to inject in bytes. The campaign starts it inside a user and mount
// namespace that mounted a tmpfs on the folder (when it does not run as root), or plainly with a size. Prints the
// outcome as JSON.
import type { CampaignMode } from "../../campaign.js";
import { fullDiskCases } from "../full-disk.js";
import { injectFullDisk } from "./injected-disk.js";

const [disk = "", mode = "fast", injectedBytes] = process.argv.slice(2);
const injected = injectedBytes === undefined ? undefined : injectFullDisk(disk, Number(injectedBytes));
const outcome = await fullDiskCases(disk, mode as CampaignMode, (line) => process.stderr.write(`  ${line}\n`));
injected?.remove();
process.stdout.write(`${JSON.stringify(outcome)}\n`);
