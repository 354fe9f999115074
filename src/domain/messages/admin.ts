// Arabic text of the staff console beyond ui-text-ar.md and the react-admin message set (owned by the console work).
export const adminText = {} as const;
