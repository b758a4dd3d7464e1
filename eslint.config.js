// Lint rules: typescript-eslint, React hooks, React's JSX checks and jsx-a11y (accessibility).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      ".cache/",
      "app/generated/",
      "tests/.data/",
      "node_modules/",
      "app/lib/us-map-states.ts",
      "app/lib/district-shapes.data.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    settings: { react: { version: "18.3" } },
  },
  {
    // The two classic hook rules; the React Compiler rules of the plugin's presets do not apply (no compiler here).
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  jsxA11y.flatConfigs.recommended,
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='request'][callee.property.name='formData']",
          message: "Read forms with readFormData (app/form-data.server.ts): a body that is not a form is then a 415/400, not a 500.",
        },
      ],
    },
  },
  {
    // zod comes configured from app/lib/zod.ts (jitless: no eval, which the CSP refuses; decision 0025).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/zod.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: 'Import z from "~/lib/zod": it turns off the eval our CSP refuses.' }],
          patterns: [{ group: ["zod/*"], message: 'Import z from "~/lib/zod": it turns off the eval our CSP refuses.' }],
        },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "react/prop-types": "off",
      // A focusable separator is the WAI-ARIA window splitter (the split pane), an interactive widget.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "separator"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
);
