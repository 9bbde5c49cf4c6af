import type { Socket } from 'node:net';
import type { FastifyError } from 'fastify';
import { ApiError, REQUEST_BODY_MAX_BYTES } from '../../shared/contract';

/**
 * Every error the service answers with, including those Fastify and Node's HTTP parser produce
 * themselves, becomes one of our ApiErrors: always {code, message, status}, nothing else.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const { code, statusCode } = error as Partial<FastifyError>;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('unsupported_media_type', 'Send the body as application/json (UTF-8).');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', `The body is larger than ${REQUEST_BODY_MAX_BYTES} bytes.`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_body', 'body is required: send the animal as a JSON object.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('invalid_body', 'The Content-Length header does not match the body.');
  }
  if (statusCode === 404) return new ApiError('not_found', 'No such resource.');
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return new ApiError('invalid_parameter', `The request could not be read: ${(error as Error).message}`);
  }
  return new ApiError('internal', 'The service failed to handle the request; it has been logged.');
}

/** For requests Node cannot even parse (bad request line, bad headers): answered on the socket. */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  // As Node's own handler: never write into a response already under way, nor after a response
  // that closed the connection (the bytes that follow it are the unread rest of its request).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || socket.writableEnded || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(new ApiError('invalid_parameter', 'The HTTP request is malformed.').toBody());
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
