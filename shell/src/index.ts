// The async boundary: shared modules (React, the router, the platform) are negotiated before any
// of them is evaluated, which Module Federation needs for singletons.
import('./bootstrap');
