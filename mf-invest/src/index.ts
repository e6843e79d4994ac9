// Standalone entry for the team's own development; the async boundary lets shared modules negotiate.
import('./bootstrap');
