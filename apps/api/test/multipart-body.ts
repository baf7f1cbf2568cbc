/** A file sent in a multipart upload; `type` defaults to text/plain. */
export type UploadFile = { name: string; content: string | Uint8Array; type?: string };

/** A multipart/form-data body of `file` parts and fields, encoded by the platform's own FormData. */
export async function multipartBody(files: UploadFile[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append('file', new Blob([file.content], { type: file.type ?? 'text/plain' }), file.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
