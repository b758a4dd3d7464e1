// The one place the app gets zod from (ESLint refuses `import ... from "zod"` elsewhere), so this runs
// before any schema is built, in the browser as on the server. Jitless: zod never compiles parsers
// with `new Function`, nor probes whether it may. Our CSP has no 'unsafe-eval', so in the browser that
// probe, even caught, is reported as a CSP violation (decision 0025).
import { z } from "zod";

z.config({ jitless: true });

export { z };
