// The campaign bench's subject and content (bench/campaign-100k.ts and its nodemailer yardstick).
export const BENCH_SUBJECT = 'A role for you, {{firstName}}';
export const BENCH_CONTENT = 'Hi {{firstName}},\n\nWe have a new {{jobFunction}} role in {{location}} that fits your experience. Fancy a chat next week?\n\nBest regards,\n{{recruiterName}}';
