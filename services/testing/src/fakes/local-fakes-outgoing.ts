// The outgoing policy of suites that call the local fakes: they listen on 127.0.0.1, which the outgoing
// guard refuses unless private addresses are allowed (OUTGOING_ALLOW_PRIVATE=true in a deployment).
import type { OutgoingPolicy } from '@tracker/core';

export const LOCAL_FAKES_OUTGOING: OutgoingPolicy = { allowPrivate: true };
