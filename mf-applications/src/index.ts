// Async boundary: shared singletons are negotiated before the standalone app starts.
import('./standalone');
