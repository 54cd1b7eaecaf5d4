import type { z } from 'zod';
import type { AnswerSheet } from '../../catalog/questions/answers';
import { listEventQuestions } from '../../../projections/questions';
import type { Knex } from 'knex';
import { answerText } from './orderExports';
import type { answeredQuestionSchema } from './orderSchemas';

export type AnsweredQuestion = z.infer<typeof answeredQuestionSchema>;

/** The event's questions (hidden ones included) in the organizer's order: what an answer is shown under. */
export type QuestionTitles = readonly { id: string; title: string }[];

export async function questionTitles(db: Knex, eventId: string): Promise<QuestionTitles> {
  return (await listEventQuestions(db, eventId)).map((row) => ({ id: row.id, title: row.title }));
}

/**
 * Answers (the read model's JSON sheet, by question id) beside their questions, in the organizer's order of
 * questions; answers to questions deleted since come last, without a question. Empty answers are left out.
 */
export function answeredQuestions(answers: string | null, questions: QuestionTitles): AnsweredQuestion[] {
  if (!answers) return [];
  const sheet = JSON.parse(answers) as AnswerSheet;
  const known = new Set(questions.map((question) => question.id));
  const shown: AnsweredQuestion[] = [];
  const add = (questionId: string, question: string | null) => {
    const text = answerText(sheet[questionId]);
    if (text !== null && text.trim() !== '') shown.push({ question_id: questionId, question, answer: text });
  };
  for (const question of questions) if (Object.hasOwn(sheet, question.id)) add(question.id, question.title);
  for (const questionId of Object.keys(sheet)) if (!known.has(questionId)) add(questionId, null);
  return shown;
}
