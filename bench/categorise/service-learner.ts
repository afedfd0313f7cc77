/** The service's own learner (server/domain/categorisation/learner.ts) behind the bench's CategoryLearner interface. */
import { CategoryLearner as ServiceLearner } from "../../server/domain/categorisation/learner";
import type { LabelledRow } from "./corpus";
import type { CategoryLearner } from "./references";

const asRow = (row: LabelledRow) => ({
  description: row.description,
  counterparty: row.counterparty,
  amount: row.amount,
  accountId: row.account || null,
});

export function serviceLearner(): CategoryLearner {
  let learner = new ServiceLearner();
  return {
    train(rows) {
      learner = ServiceLearner.trainedOn(rows.map((row) => ({ ...asRow(row), categoryId: row.category })));
    },
    learn(row) {
      learner.learn(asRow(row), row.category);
    },
    suggest(row) {
      const suggestion = learner.suggest(asRow(row));
      return suggestion && { category: suggestion.categoryId, confidence: suggestion.confidence };
    },
  };
}
