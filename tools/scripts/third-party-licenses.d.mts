/** The folder of the package a bundled module came from, or undefined for a module outside node_modules. */
export function packageRootOf(modulePath: string): string | undefined;
/** The licences text of the packages at `roots` (absolute folders), under `header`. */
export function thirdPartyLicenses(roots: Iterable<string>, header: string): string;
