/** Whether the site is served over https (its PUBLIC_URL): cookies are Secure then, and HSTS is sent. */
export function servedOverHttps(publicUrl: string): boolean {
  return publicUrl.startsWith('https:');
}
