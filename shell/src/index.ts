// The shell is no federation container (its runtime starts with the first remote route: src/federation), so its
// first page needs no async boundary before React.
import './bootstrap';
