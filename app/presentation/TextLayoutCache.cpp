#include "TextLayoutCache.h"

#include <QHashFunctions>
#include <QTextDocument>

#include <utility>

namespace Tandem {

namespace {

constexpr qsizetype kSizesPerGeneration = 25000;

} // namespace

size_t qHash(const TextLayoutCache::Key &key, size_t seed) noexcept
{
    return qHashMulti(seed, key.id, key.revision, key.width, key.variant);
}

TextLayoutCache::TextLayoutCache(int maxDocuments)
    : m_documents(maxDocuments)
{ }

TextLayoutCache::~TextLayoutCache() = default;

QTextDocument *TextLayoutCache::document(const Key &key, const Factory &make)
{
    if (QTextDocument *cached = m_documents.object(key))
        return cached;
    std::unique_ptr<QTextDocument> made = make();
    ++m_builds;
    QTextDocument *raw = made.get();
    rememberSize(key, QSizeF(raw->idealWidth(), raw->size().height()));
    m_documents.insert(key, made.release());
    return raw;
}

QSizeF TextLayoutCache::size(const Key &key, const Factory &make)
{
    const auto it = m_sizes.constFind(key);
    if (it != m_sizes.cend())
        return *it;
    const auto older = m_olderSizes.constFind(key);
    if (older != m_olderSizes.cend()) {
        const QSizeF found = *older;
        rememberSize(key, found);
        return found;
    }
    QTextDocument *made = document(key, make);
    return QSizeF(made->idealWidth(), made->size().height());
}

void TextLayoutCache::rememberSize(const Key &key, const QSizeF &size)
{
    if (m_sizes.size() >= kSizesPerGeneration) {
        m_olderSizes = std::exchange(m_sizes, {});
        m_sizes.reserve(kSizesPerGeneration);
    }
    m_sizes.insert(key, size);
}

void TextLayoutCache::clear()
{
    m_documents.clear();
    m_sizes.clear();
    m_olderSizes.clear();
}

} // namespace Tandem
