// A bare Fastify hello: the yardstick the static part's figures are ratios to (issue 28). Run as a process
// of its own beside the real server, so that neither one's work is counted in the other's figure. No
// logger, no hooks, no plugins: Fastify's own cost of an answer and nothing else.
//   PORT=<port> node bench/hello.mjs
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
