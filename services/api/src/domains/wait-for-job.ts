// A request that needs a job's outcome enqueues it and waits with a timeout (DESIGN.md §5); past the
// timeout the job keeps running and the Domains screen follows it through the domain's status.
import { conflict, type JobInfo, type JobQueue } from '@tracker/core';

export async function waitForJob(queue: JobQueue, id: string, timeoutMs: number): Promise<JobInfo | null> {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const job = await queue.get(id);
    if (job && (job.status === 'completed' || job.status === 'failed')) return job;
    if (Date.now() >= deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
  }
}

/** The queue the domain jobs go to; a process without one (no workers anywhere) cannot start them. */
export function requireQueue(queue: JobQueue | undefined): JobQueue {
  if (!queue) throw conflict('Domain jobs cannot start: this process has no job queue');
  return queue;
}
