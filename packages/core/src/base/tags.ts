/** Tags are a set: two tags are the same tag when type and value are (the key cannot confuse `a:b`+`c` with `a`+`b:c`). */
export const tagKey = (t: { type: string; value: string }): string => JSON.stringify([t.type, t.value]);
