import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** ws names every way a client can break the protocol WS_ERR_… (a frame over maxPayload, a bad opcode, invalid UTF-8 …). */
const isProtocolError = (error: Error): boolean => /^WS_ERR_/.test(String((error as { code?: unknown }).code ?? ''));

/**
 * The websocket plugin's error handler (app.ts). A client that breaks the protocol is closed by ws
 * itself with the matching code (1009 for a frame over the size limit), and costs one info line
 * without a stack: it is the client's fault, and a client repeating it must not fill the error log.
 * Anything else is the server's own fault: logged with its stack, and the socket dropped.
 */
export function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  if (isProtocolError(error)) {
    request.log.info(
      { reason: error.message, code: (error as { code?: string }).code },
      'socket closed: the client broke the WebSocket protocol',
    );
    return;
  }
  request.log.error(error);
  socket.terminate();
}
