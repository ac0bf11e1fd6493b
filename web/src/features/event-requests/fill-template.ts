/** Fills a saved reply's placeholders from the request, for the provider to edit before sending. */
export function fillTemplate(body: string, values: { firstname: string; date: string; city: string }): string {
  return body.replaceAll('{firstname}', values.firstname).replaceAll('{date}', values.date).replaceAll('{city}', values.city);
}
