/** The success envelope of every JSON answer. */
export const ok = <T>(data: T) => ({ code: 0 as const, data, msg: '' });
