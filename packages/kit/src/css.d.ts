/** Components import their own styles; the front end's bundler (Vite) handles them. */
declare module '*.css';
