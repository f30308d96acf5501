// Unit tests run outside React's server bundle, where the real `server-only` would throw.
export {};
