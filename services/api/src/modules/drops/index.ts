/** The drops context's public surface: what other modules may import. */
