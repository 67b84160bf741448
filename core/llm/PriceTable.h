#pragma once

#include "core/Error.h"
#include "core/llm/LlmResponse.h"

#include <QList>
#include <QString>

#include <optional>

namespace Terrarium::Core {

// What a model's tokens cost, in US dollars per million.
struct ModelPrice
{
    double input = 0; // prompt tokens neither read from nor written to a prompt cache
    double cachedInput = 0; // prompt tokens read from the cache
    double cacheWrite = 0; // prompt tokens written to the cache
    double output = 0;

    // What one request with this usage cost.
    double cost(const LlmUsage &usage) const;
    bool operator==(const ModelPrice &) const = default;
};

// Prices by model name: defaults for the cloud models Terrarium defaults to and their common
// siblings (the providers' published list prices), none for anything else, so that a local
// server's model costs nothing shown rather than an invented figure. The user's entries (the
// config file's [prices] group) come first.
//
// A name ending in '*' is a prefix ("claude-sonnet-4-5*" covers dated snapshots); the longest
// match wins, an exact name before any prefix.
class PriceTable
{
public:
    static PriceTable defaults();

    void set(const QString &model, const ModelPrice &price);
    std::optional<ModelPrice> price(const QString &model) const;
    bool isEmpty() const { return m_entries.isEmpty(); }

    // "input cached output [cache_write]" in dollars per million tokens, separated by spaces
    // or commas; cache_write defaults to input.
    static Result<ModelPrice> parse(const QString &text);

private:
    struct Entry
    {
        QString model;
        ModelPrice price;
    };
    QList<Entry> m_entries; // later entries win over earlier ones of the same name
};

} // namespace Terrarium::Core
