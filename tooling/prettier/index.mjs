/** Shared Prettier settings for every workspace package. */
export default {
  printWidth: 100,
  singleQuote: false,
  trailingComma: "all",
};
