import { toast } from 'sonner';
import { call, messageOf } from './api';

/**
 * Help > Save a support bundle…: main makes it and asks where to save it (its own dialog); the
 * window only says where it went, or why it could not be made.
 */
export async function saveSupportBundle(): Promise<void> {
  const saving = toast.loading('Making a support bundle…');
  try {
    const { path } = await call('saveSupportBundleToFile', undefined);
    if (path === null) toast.dismiss(saving);
    else toast.success(`Support bundle saved to ${path}. It holds no key, PIN or name.`, { id: saving });
  } catch (error) {
    toast.error(`The support bundle could not be made: ${messageOf(error)}`, { id: saving, duration: 15_000 });
  }
}
