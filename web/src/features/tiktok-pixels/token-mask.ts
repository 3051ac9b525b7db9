// How an access token shows in the pixels table (spec §9 "token mask 40 dots").
export const TOKEN_MASK = '•'.repeat(40);
