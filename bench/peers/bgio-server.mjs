// boardgame.io 0.50.2's server as its documentation sets one up, with its PostgreSQL storage
// (bgio-postgres) and our Daredevil Rock (rock.mjs): the peer the service is measured beside
// (bench/peer.py starts it, on a database of its own, and stops it).
//
// Environment: PORT (socket.io), API_PORT (the lobby API), BGIO_DATABASE_URL. NODE_ENV=production, as a
// deployment runs it (boardgame.io then logs no line per action). Storage as the adapter's README shows
// it, its query log switched off.
//
// The lobby API runs on a port of its own (`lobbyConfig.apiPort`, as boardgame.io documents): on the game
// server's port every lobby call answers 404 with today's koa-compose (4.2, which koa 2.16 resolves to),
// which copies the list of middleware when socket.io attaches, before the lobby's routes are added.

import { need } from './modules.mjs';
import { Rock } from './rock.mjs';

const { Server } = need('boardgame.io/server');
const { PostgresStore } = need('bgio-postgres');

const port = Number(process.env.PORT);
const apiPort = Number(process.env.API_PORT);
const db = new PostgresStore(process.env.BGIO_DATABASE_URL, { logging: false });
const server = Server({ games: [Rock], db });

server.run({ port, lobbyConfig: { apiPort } }, () => console.log(`boardgame.io ready on ports ${port} and ${apiPort}`));

// Stopped by the bench with SIGTERM: exit as a normal end (a --cpu-prof profile is then written).
process.on('SIGTERM', () => process.exit(0));
