// One-click unsubscribe from a drop reminder (RFC 8058). GET shows a confirmation page with a button
// (link scanners and previews fetch GET links, so GET never removes anything); POST removes it, from
// that button or straight from a mail app's "Unsubscribe" (List-Unsubscribe-Post: One-Click). Both
// are idempotent and the token is signed, so nobody can remove another shopper's reminder.
import { Router, type Request, type Response } from "express";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { formatLagosTime } from "../../../common/lagos-time.ts";
import { reminderForUnsubscribe, removeDropReminder } from "../modules/drops/drops.service.ts";
import { signingKey, verifyUnsubscribeToken } from "../modules/drops/unsubscribe-token.ts";

export const UNSUBSCRIBE_PATH = "/drops/unsubscribe";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function page(res: Response, config: Config, status: number, title: string, body: string) {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escape(title)} | ${escape(config.store.name)}</title></head>` +
        `<body><main><h1>${escape(title)}</h1>${body}<p><a href="/">Back to ${escape(config.store.name)}</a></p></main></body></html>`,
    );
}

export function dropUnsubscribeRoutes(config: Config, prisma: Db): Router {
  const router = Router();
  const reminderOf = async (req: Request) => {
    const token = typeof req.query.token === "string" ? req.query.token : "";
    return { token, id: token ? verifyUnsubscribeToken(await signingKey(prisma), token) : null };
  };
  const invalid = (res: Response) =>
    page(res, config, 400, "Link not recognised", "<p>This unsubscribe link is incomplete or not ours. Copy the whole link from the email and try again.</p>");

  router.get(UNSUBSCRIBE_PATH, async (req, res, next) => {
    try {
      const { token, id } = await reminderOf(req);
      if (!id) return invalid(res);
      const reminder = await reminderForUnsubscribe(prisma, id);
      if (!reminder) return page(res, config, 200, "You are unsubscribed", "<p>We will not email you about this drop.</p>");
      page(
        res,
        config,
        200,
        "Stop the drop reminder?",
        `<p>We will email <strong>${escape(reminder.email)}</strong> once, when the drop of ${escape(formatLagosTime(reminder.dropAt))} goes live.</p>` +
          `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><button type="submit">Unsubscribe</button></form>`,
      );
    } catch (error) {
      next(error);
    }
  });

  router.post(UNSUBSCRIBE_PATH, async (req, res, next) => {
    try {
      const { id } = await reminderOf(req);
      if (!id) return invalid(res);
      await removeDropReminder(prisma, id);
      page(res, config, 200, "You are unsubscribed", "<p>We will not email you about this drop. Your address has been removed.</p>");
    } catch (error) {
      next(error);
    }
  });
  return router;
}
