// Exposed as `./unread-badge`: the shell's header loads it at run time (shell/src/remotes/registry.ts).
import { UnreadBadge } from './features/unread-badge/unread-badge';

export { UnreadBadge };
export default UnreadBadge;
