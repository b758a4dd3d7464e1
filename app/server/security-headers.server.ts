// The headers every answer carries: a fresh CSP nonce per request (only scripts carrying it may
// run), the Content Security Policy and the rest of helmet's, and a Permissions-Policy turning off
// the browser features the site never uses, for it and anything it embeds.
import crypto from "node:crypto";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

const PERMISSIONS_POLICY = [
  "accelerometer",
  "browsing-topics",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
]
  .map((feature) => `${feature}=()`)
  .join(", ");

const nonceAndPermissions: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.set("Permissions-Policy", PERMISSIONS_POLICY);
  next();
};

export const securityHeaders = ({ production, devServer }: { production: boolean; devServer: boolean }): RequestHandler[] => [
  nonceAndPermissions,
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"], // style attributes (map sizes, split pane)
        // Every image comes from here: official photos at /photos, and an SSO user's provider picture,
        // fetched once at sign-in and served from /avatars (decision 0026), never linked to the provider.
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(devServer ? ["ws:"] : [])],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "upgrade-insecure-requests": production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: production,
    referrerPolicy: { policy: "same-origin" },
  }),
];
