import { AGENT_CONTRACTS, SCREENSHOT_MAX_BYTES, SCREENSHOT_MESSAGES } from '@signage/domain';
import type { FastifyError } from 'fastify';
import { HttpError } from '../http/envelope';
import { errorHandler } from '../http/errorHandler';
import { route } from '../http/route';
import { answerCommand, freshCommands, storeScreenshot } from '../modules/commands';
import type { ModulePlugin } from '../modules/types';

/**
 * The player's remote commands: GET /agent/v1/commands (those still fresh, asked on every connection of the
 * push channel), POST /agent/v1/commands/:id (its answer) and POST /agent/v1/screenshots (a JPEG).
 */
export const commandsRoute: ModulePlugin = async (app, { deps: { db, media } }) => {
  route(app, AGENT_CONTRACTS.commands, async ({ device }) => freshCommands(db, device.deviceCode));
  route(app, AGENT_CONTRACTS.commandAnswer, async ({ device, params, body }) =>
    answerCommand(db, device.deviceCode, params.command_id, body),
  );
  route(
    app,
    AGENT_CONTRACTS.screenshot,
    async ({ device, body }) => storeScreenshot(db, media.blobs, device.deviceCode, body),
    {
      // base64 takes 4 bytes for 3, plus the JSON around it.
      bodyLimit: Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4 + 4096,
      errorHandler: (error: FastifyError, request, reply) =>
        errorHandler(
          error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new HttpError(413, SCREENSHOT_MESSAGES.tooLarge) : error,
          request,
          reply,
        ),
    },
  );
};
