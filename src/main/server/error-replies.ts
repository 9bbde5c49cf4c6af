import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyError } from 'fastify';
import { ApiError, REQUEST_BODY_MAX_BYTES } from '../../shared/contract';
import { petToWire, stringifyJson } from '../wire/json-codec';

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

/** What a message may echo of a request: enough to recognise it, never the request itself. */
export const ECHO_MAX_CHARS = 80;
const MESSAGE_MAX_CHARS = 500;

/** A request's own text (a path, a parser's complaint) cut to what a message may repeat. */
export const echo = (text: string, max = ECHO_MAX_CHARS): string =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;

/** The Error body as JSON text, its message never longer than MESSAGE_MAX_CHARS. */
export function errorJson(error: ApiError): string {
  const body = error.toBody();
  if (body.message.length > MESSAGE_MAX_CHARS) body.message = `${body.message.slice(0, MESSAGE_MAX_CHARS)}…`;
  return body.current === undefined
    ? JSON.stringify(body)
    : stringifyJson({ ...body, current: petToWire(body.current) });
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  417: 'Expectation Failed',
  431: 'Request Header Fields Too Large',
};

/** A whole HTTP response in the Error shape, for a socket no response object owns; the connection is closed after it. */
export function rawErrorResponse(error: ApiError): string {
  const body = errorJson(error);
  return (
    `HTTP/1.1 ${error.status} ${REASONS[error.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** The Error shape on a bare Node response (before any router), closing the connection after it. */
export function writeError(response: ServerResponse, error: ApiError): void {
  const body = errorJson(error);
  response.writeHead(error.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  });
  response.end(body);
}

/** What Node's parser refused, as one of our errors. */
function clientError(code: string | undefined): ApiError {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('request_timeout', 'The request did not arrive in time; send it again, whole.');
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError('headers_too_large', 'The request headers are too large.');
    default:
      return new ApiError('invalid_parameter', 'The HTTP request is malformed.');
  }
}

/** For requests Node cannot even parse (bad request line, bad headers, too slow): answered on the socket. */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  // As Node's own handler: never write into a response already under way, nor after a response
  // that closed the connection (the bytes that follow it are the unread rest of its request).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || socket.writableEnded || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorResponse(clientError(error.code)));
}

/** CONNECT is no method of this service: answered in the Error shape, and the connection closed. */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  socket.end(rawErrorResponse(new ApiError('method_not_allowed', 'CONNECT is not allowed here; this is not a proxy.')));
}

/** An Expect the service does not meet (anything but 100-continue). */
export function refuseExpectation(_request: IncomingMessage, response: ServerResponse): void {
  writeError(response, new ApiError('expectation_failed', 'The service meets no Expect but 100-continue.'));
}
