// TableManager::review: the review of a finished table's game (GET /api/tables/ID/review,
// ai/review.h), run once on the review pool and kept for the last kMaxReviews tables.
#include <exception>

#include "rise/ai/review.h"
#include "rise/core/registry.h"
#include "rise/server/api_error.h"
#include "rise/server/hints.h"
#include "rise/server/table_manager.h"
#include "worker_pool.h"

namespace rise::server {

struct TableManager::ReviewJob {
  std::atomic<int> done{0};
  std::atomic<int> total{0};
  std::mutex mutex;
  bool finished = false;            // under `mutex`
  nlohmann::json result;            // the review, once finished without `error`
  std::string error;                // why it broke, once finished
};

namespace {

// Thrown from the review's progress when the server stops: ends it between two searches.
struct ReviewStopped {};

}  // namespace

nlohmann::json TableManager::review(const std::shared_ptr<Table>& shared, const std::string& client, bool* ready) {
  *ready = false;
  Replay replay;
  {
    std::lock_guard lock(shared->mutex());
    if (!shared->finished()) {
      throw ApiError(409, "game_not_over",
                     "the review of table '" + shared->id() + "' is made once its game is over");
    }
    replay = shared->replay();
  }
  std::shared_ptr<ReviewJob> job;
  bool start = false;
  {
    std::lock_guard lock(reviews_mutex_);
    auto it = reviews_.find(shared->id());
    if (it != reviews_.end()) {
      job = it->second;
    } else {
      if (stopping_) throw ApiError(503, "stopping", "the server is stopping");
      take_hint_allowance(client);  // 429 before anything is kept
      job = std::make_shared<ReviewJob>();
      reviews_[shared->id()] = job;
      review_order_.push_back(shared->id());
      while (review_order_.size() > kMaxReviews) {
        reviews_.erase(review_order_.front());
        review_order_.pop_front();
      }
      start = true;
    }
  }
  if (start) {
    const std::string spec = hint_spec(find_game(replay.game).info(), hint_settings_.review_iterations);
    review_pool_->post([this, job, replay = std::move(replay), spec] {
      nlohmann::json result;
      std::string error;
      try {
        const ai::Review review = ai::review_game(replay, {}, spec, hint_seed(0), [this, &job](int done, int total) {
          job->done = done;
          job->total = total;
          if (stopping_) throw ReviewStopped{};
        });
        result = ai::review_to_json(review);
      } catch (const ReviewStopped&) {
        error = "the server stopped";
      } catch (const std::exception& e) {
        error = e.what();
      }
      std::lock_guard lock(job->mutex);
      job->result = std::move(result);
      job->error = std::move(error);
      job->finished = true;
    });
  }
  std::string error;
  {
    std::lock_guard lock(job->mutex);
    if (!job->finished) return {{"done", job->done.load()}, {"total", job->total.load()}};
    if (job->error.empty()) {
      *ready = true;
      return job->result;
    }
    error = job->error;
  }
  {
    // A review that broke is not kept: the next request starts it again.
    std::lock_guard lock(reviews_mutex_);
    auto it = reviews_.find(shared->id());
    if (it != reviews_.end() && it->second == job) {
      reviews_.erase(it);
      std::erase(review_order_, shared->id());
    }
  }
  throw ApiError(500, "review_failed", "the review of table '" + shared->id() + "' broke: " + error);
}

}  // namespace rise::server
