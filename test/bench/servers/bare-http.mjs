// The floor: a bare node:http server answering every request with one constant JSON body.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('listening'));
