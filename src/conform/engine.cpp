#include "src/conform/engine.h"

namespace kamisado::conform {

std::vector<std::string> declared_features(const std::vector<std::string>& words, const std::string& where) {
  for (const std::string& word : words)
    if (word != "single-round" && word != "sumo" && word != "match")
      throw EngineFailure(EngineFailure::Kind::Garbled,
                          where + " declares the unknown feature '" + word.substr(0, 40) + "' (the features are single-round, sumo and match)");
  return words;
}

}  // namespace kamisado::conform
