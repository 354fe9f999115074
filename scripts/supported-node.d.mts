// Types of scripts/supported-node.mjs, a plain script run before anything is compiled.
export function oldestSupported(): [number, number, number];
export function unsupportedNodeReason(version?: string): string | null;
export function refuseUnsupportedNode(): void;
