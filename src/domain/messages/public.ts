// Arabic text of the public site beyond ui-text-ar.md (owned by the public-site work).
export const publicText = {} as const;
