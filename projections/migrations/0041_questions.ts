import { questionsProjection } from '../questions';
import { readModelTablesMigration } from './migration';

export const questionsReadModel = readModelTablesMigration('0041_questions', questionsProjection.tables);
