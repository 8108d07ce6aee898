import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API server (apps/server) listens on 3000 in development; in production it serves
// this build from apps/web/dist with an index.html fallback, so the same paths work.
const API_ORIGIN = process.env.CLEARSPEAK_API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // `@/lib/...` and `@/components/...`: shared code, imported the same way from every feature.
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': API_ORIGIN,
      '/dev': API_ORIGIN,
      '/docs': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-transition-group|react-remove-scroll|@tabler)/,
            },
            {
              name: 'data',
              test: /node_modules[\\/](zod|@tanstack|react-hook-form|@hookform)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
