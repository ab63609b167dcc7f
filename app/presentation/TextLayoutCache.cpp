#include "TextLayoutCache.h"

#include <QHashFunctions>
#include <QTextDocument>

namespace Tandem {

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
    if (m_sizes.size() > 50000)
        m_sizes.clear(); // sizes are cheap to recompute; keep the table bounded
    m_sizes.insert(key, QSizeF(raw->idealWidth(), raw->size().height()));
    m_documents.insert(key, made.release());
    return raw;
}

QSizeF TextLayoutCache::size(const Key &key, const Factory &make)
{
    const auto it = m_sizes.constFind(key);
    if (it != m_sizes.cend())
        return *it;
    QTextDocument *made = document(key, make);
    return QSizeF(made->idealWidth(), made->size().height());
}

void TextLayoutCache::clear()
{
    m_documents.clear();
    m_sizes.clear();
}

} // namespace Tandem
