/** Where a deleted account's device lands, signed out, in the language saved before leaving. */
export const goodbyePath = '/goodbye'
