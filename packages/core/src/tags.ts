/** Tags are a set: two tags are the same tag when type and value are. */
export const tagKey = (t: { type: string; value: string }): string => `${t.type}:${t.value}`;
