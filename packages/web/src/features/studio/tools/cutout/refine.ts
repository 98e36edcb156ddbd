import type { CreateTaskBody } from '../../tasks/taskApi.ts';

const blobToDataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

/** The precise-cutout task: the original photo with the user's edited mask. */
export async function refineBody(originalUrl: string, mask: Blob): Promise<CreateTaskBody> {
  return { bizType: 'MATTING_IMAGE', params: { mask: await blobToDataUrl(mask) }, inputs: [originalUrl] };
}
