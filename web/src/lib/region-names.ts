/**
 * Country names in a language (Intl.DisplayNames), e.g. "FR" -> "France" in
 * French, "Frankreich" in German; the code itself when the browser lacks them.
 * Kosovo (XK) has no CLDR name everywhere: the code is kept then.
 */
export function regionNamesOf(locale: string): (code: string) => string {
  let display: Intl.DisplayNames | null = null;
  try {
    display = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    display = null;
  }
  return (code) => {
    try {
      return display?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
